x,y,z,w
32003
x*y - z*w
